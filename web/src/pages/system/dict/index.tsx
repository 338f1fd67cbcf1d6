import { DictScreen } from './DictScreen';

/** 系统字典 at the admin menu path /system/dict (menu code dict, buttons dict_add … dict_view). */
export default function DictPage() {
  return <DictScreen kind="dict" />;
}
