import { DictScreen } from '../dict/DictScreen';

/** 业务字典 at the admin menu path /system/dictbiz (menu code dictbiz, buttons dictbiz_add … dictbiz_view; calls under dict-biz). */
export default function DictBizPage() {
  return <DictScreen kind="dictbiz" />;
}
