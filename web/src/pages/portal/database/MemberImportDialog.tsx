import { MEMBER_KIND_LABELS, type MemberKind } from '@gsl/contract';
import { downloadMemberTemplate, importMembers } from '../../../api/member';
import { ImportDialog } from '../../../components/ImportDialog';

/** What must not repeat an existing member, per kind (the server's unique keys). */
const UNIQUE_HINT: Record<MemberKind, string> = {
  enterprise: '统一社会信用代码不能与已有会员重复',
  group: '统一社会信用代码、对应组织不能与已有团体会员重复',
  person: '证件号码不能与已有个人会员重复,居民身份证可不填性别和出生日期',
};

/**
 * 导入 of member records (member_<kind>_import): the shared import dialog on import-member-<kind> — the
 * valid rows go in one transaction, each in the change history.
 */
export function MemberImportDialog({ kind, open, onClose, onImported }: { kind: MemberKind; open: boolean; onClose: () => void; onImported: () => void }) {
  const label = MEMBER_KIND_LABELS[kind];
  return (
    <ImportDialog
      open={open}
      onClose={onClose}
      onImported={onImported}
      title={`${label}导入`}
      description={`带 * 的列必须填写;所属组织填写组织名称或编号,不填为您所在的组织;${UNIQUE_HINT[kind]}。先“校验数据”查看问题,再“开始导入”校验通过的行。文件不超过5MB、10000行。`}
      testId={kind}
      template={() => downloadMemberTemplate(kind)}
      upload={(file, dryRun, onProgress) => importMembers(kind, file, dryRun, onProgress)}
      errorsFileName={`${label}导入错误报告.xlsx`}
    />
  );
}
