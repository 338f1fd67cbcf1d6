import { downloadImportTemplate, importUsers } from '../../../api/system/user';
import { ImportDialog as WorkbookImport } from '../../../components/ImportDialog';

/** 用户数据导入 (user_import): the shared import dialog on import-user and its template. */
export function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  return (
    <WorkbookImport
      open={open}
      onClose={onClose}
      onImported={onImported}
      title="用户数据导入"
      description="带 * 的列必须填写;所属机构填写机构名称或编号;角色为空时按人员标签分配。导入的账号需由管理员“密码重置”后才能登录。文件不超过5MB、5000行。"
      testId="user"
      template={downloadImportTemplate}
      upload={importUsers}
      errorsFileName="用户导入错误报告.xlsx"
    />
  );
}
