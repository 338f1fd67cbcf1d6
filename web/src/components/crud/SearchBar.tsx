import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import type { CrudDateRange, CrudSearchField } from './types';

/** A search field's control: its own `input`, a select of its `options`, or a text input. */
function control(field: CrudSearchField, testId: string) {
  if (field.input) return field.input;
  const id = `${testId}-search-${field.name}`;
  if (field.options) {
    return (
      <Select
        allowClear
        placeholder={`请选择${field.label}`}
        options={field.options}
        style={{ width: field.width ?? 140 }}
        data-testid={id}
        aria-label={field.label}
      />
    );
  }
  return <Input allowClear placeholder={`请输入${field.label}`} data-testid={id} />;
}

interface SearchBarProps {
  fields: CrudSearchField[];
  dateRange?: CrudDateRange;
  /** The raw form values; the table turns them into filters. */
  onSearch: (values: Record<string, unknown>) => void;
  onReset: () => void;
  testId: string;
}

/** The search form above a CRUD table: its fields, 搜索 and 清空 (which also searches again). */
export function SearchBar({ fields, dateRange, onSearch, onReset, testId }: SearchBarProps) {
  const [form] = Form.useForm();
  return (
    <Form form={form} name={`${testId}-search`} layout="inline" className="crud-search" data-testid={`${testId}-search`} onFinish={onSearch}>
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label}>
          {control(field, testId)}
        </Form.Item>
      ))}
      {dateRange && (
        <Form.Item name={dateRange.name} label={dateRange.label}>
          <DatePicker.RangePicker allowEmpty={[true, true]} data-testid={`${testId}-search-${dateRange.name}`} />
        </Form.Item>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-search-submit`}>
            搜索
          </Button>
          <Button
            icon={<ClearOutlined />}
            data-testid={`${testId}-search-reset`}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            清空
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
