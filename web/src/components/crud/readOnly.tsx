import { cloneElement, isValidElement, type ReactNode } from 'react';
import { AutoComplete, Cascader, ConfigProvider, DatePicker, Input, InputNumber, Select, TimePicker, TreeSelect } from 'antd';
import { RegionCascader } from '../RegionCascader';

/** What an empty field shows when read, not typed into. */
export const EMPTY_VALUE = '-';

/** Controls that show a placeholder while empty. */
const WITH_PLACEHOLDER = new Set<unknown>([
  Input,
  Input.TextArea,
  Input.Password,
  InputNumber,
  Select,
  TreeSelect,
  Cascader,
  AutoComplete,
  DatePicker,
  DatePicker.RangePicker,
  TimePicker,
  RegionCascader,
]);

/**
 * A form control as it is read (查看, a profile without the right to edit it): its value, or '-' when
 * empty — never a prompt to type (请输入… / 请选择…). Controls without a placeholder stay as they are.
 */
export function readOnlyControl(input: ReactNode): ReactNode {
  if (!isValidElement<{ placeholder?: unknown }>(input)) return input;
  if (!WITH_PLACEHOLDER.has(input.type) && !('placeholder' in input.props)) return input;
  const range = input.type === DatePicker.RangePicker;
  return cloneElement(input, { placeholder: range ? [EMPTY_VALUE, EMPTY_VALUE] : EMPTY_VALUE });
}

/**
 * Read-only controls (a disabled form) in full-contrast text: antd's disabled grey (about 1.6:1) is for
 * a control that does not apply, not for values the user came to read (WCAG 1.4.3). The grey
 * background and the not-allowed cursor still tell that nothing can be typed.
 */
export function ReadOnlyLook({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={{ token: { colorTextDisabled: 'rgba(0, 0, 0, 0.88)', colorTextPlaceholder: 'rgba(0, 0, 0, 0.65)' } }}>{children}</ConfigProvider>
  );
}
