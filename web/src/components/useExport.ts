import { useState } from 'react';
import { App } from 'antd';
import { toast } from '../api/feedback';
import { fileSizeText, saveBlob, type DownloadedFile, type Progress } from '../api/files';
import { tellUnhandled } from '../api/http';

/**
 * 导出 of a list (users, members): a loading line while the server streams the file (it sends no
 * size, so the line counts the bytes received), then the file saved under the server's name and
 * 导出成功. A refusal was told by the transport. `what` names the data (用户, 企业会员); `key` is the
 * loading line's message key.
 */
export function useExport(what: string, key: string) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);

  const exportFile = async (download: (onProgress: (p: Progress) => void) => Promise<DownloadedFile>) => {
    const line = `正在导出${what}数据…`;
    setExporting(true);
    message.open({ key, type: 'loading', content: line, duration: 0 });
    try {
      const { blob, name } = await download(({ loaded }) =>
        message.open({ key, type: 'loading', content: `${line}已接收 ${fileSizeText(loaded)}`, duration: 0 }),
      );
      message.destroy(key);
      saveBlob(blob, name);
      toast.success('导出成功');
    } catch (error) {
      message.destroy(key);
      tellUnhandled(error);
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportFile };
}
