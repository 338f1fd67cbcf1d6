import type { ReactNode } from 'react';
import { Input, InputNumber, TreeSelect, type FormRule } from 'antd';
import { schemaRule, type FieldSchema } from './schemaRule';
import type { CrudFormField, TreeChoice } from './types';

/**
 * Builders of the dialog fields the administration screens share. Each field is checked on blur by
 * the contract's schema for it, so the form says what the server would (architecture §4).
 */

interface SchemaFieldOptions {
  /** Shows the required mark; the schema says what is missing. */
  required?: boolean;
  /** The control; by default an Input with 请输入{label} (or `placeholder`) taking `maxLength` characters. */
  input?: ReactNode;
  maxLength?: number;
  placeholder?: string;
  testId?: string;
  /** Rules to run before the schema's (e.g. one that depends on another field). */
  rules?: FormRule[];
  validateTrigger?: string | string[];
}

/** A field checked by the contract's `schema`: a text input unless `input` says otherwise. */
export function schemaField(name: string, label: string, schema: FieldSchema, options: SchemaFieldOptions = {}): CrudFormField {
  const { required, input, maxLength, placeholder, testId, rules = [], validateTrigger } = options;
  return {
    name,
    label,
    required,
    rules: [...rules, schemaRule(schema)],
    validateTrigger,
    input: input ?? <Input placeholder={placeholder ?? `请输入${label}`} maxLength={maxLength} data-testid={testId} />,
  };
}

/** A free text of a few lines (备注 and the like), growing from 2 lines to `maxRows`. */
export function textAreaField(
  name: string,
  label: string,
  schema: FieldSchema,
  { maxLength = 255, maxRows = 6, placeholder }: { maxLength?: number; maxRows?: number; placeholder?: string } = {},
): CrudFormField {
  return schemaField(name, label, schema, {
    input: <Input.TextArea placeholder={placeholder ?? `请输入${label}`} autoSize={{ minRows: 2, maxRows }} maxLength={maxLength} />,
  });
}

/** The required 排序 of a record: a whole number from 0 to `max`. */
export function sortField(label: string, schema: FieldSchema, { max = 1_000_000, placeholder }: { max?: number; placeholder?: string } = {}): CrudFormField {
  return schemaField('sort', label, schema, {
    required: true,
    input: <InputNumber placeholder={placeholder ?? `请输入${label}`} min={0} max={max} precision={0} style={{ width: '100%' }} />,
  });
}

/** The optional parent of a tree record (上级…), picked in a searchable tree; left empty it is a top-level record. */
export function parentField(label: string, parents: TreeChoice[], loading: boolean, { expandAll = true }: { expandAll?: boolean } = {}): CrudFormField {
  return {
    name: 'parentId',
    label,
    validateTrigger: ['onChange', 'onBlur'],
    input: (
      <TreeSelect
        allowClear
        showSearch={{ treeNodeFilterProp: 'title' }}
        placeholder={`请选择${label}`}
        treeData={parents}
        treeDefaultExpandAll={expandAll}
        loading={loading}
      />
    ),
  };
}
