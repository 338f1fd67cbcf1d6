import { useEffect, useState, type CSSProperties } from 'react';
import { Cascader } from 'antd';
import { useQueries } from '@tanstack/react-query';
import type { RegionNode } from '@gsl/contract';
import { getRegionChildren, regionKeys } from '../api/system/region';

interface Option {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: Option[];
  loading?: boolean;
}

/**
 * A region code as blade_region knows it: the six-digit form padded with zeros (320100 南京市, 320000
 * 江苏省, as org records carry it) becomes the hierarchical one (3201, 32); other codes stay.
 */
export function regionCodeOf(code: string): string {
  if (/^\d{2}0000$/.test(code)) return code.slice(0, 2);
  if (/^\d{4}00$/.test(code)) return code.slice(0, 4);
  return code;
}

/**
 * The codes of a region and the levels above it: '320106' → ['32', '3201', '320106'] (GB/T 2260 levels
 * of 2, 4, 6, 9, 12 digits); a padded code counts as its level ('320100' → ['32', '3201']).
 */
export function pathOf(code: string): string[] {
  const own = regionCodeOf(code);
  return [2, 4, 6, 9, 12].filter((n) => n <= own.length).map((n) => own.slice(0, n));
}

/**
 * A region shown by name, its levels joined ('江苏省 / 南京市'), for read-only views; the code itself
 * while the names load or when the divisions do not know it.
 */
export function useRegionName(code: string | null | undefined): string | undefined {
  const path = code ? pathOf(code) : [];
  const levels = useQueries({
    queries: path.map((_, i) => {
      const parent = i === 0 ? '' : path[i - 1];
      return {
        queryKey: regionKeys.children(parent),
        queryFn: ({ signal }: { signal: AbortSignal }) => getRegionChildren(parent, signal),
        staleTime: Infinity,
      };
    }),
  });
  if (!code) return undefined;
  const names = path.map((c, i) => levels[i]?.data?.find((n) => n.code === c));
  return names.every(Boolean) ? names.map((n) => n!.name || n!.title).join(' / ') : code;
}

/** useRegionName as an element (for description lists and table cells). */
export function RegionName({ code }: { code: string | null | undefined }) {
  return <>{useRegionName(code) ?? '-'}</>;
}

const toOption = (n: RegionNode): Option => ({ value: n.code, label: n.name || n.title, isLeaf: !n.hasChildren });

/**
 * A region picked province → city → county from the national divisions (region/lazy-tree, loaded level
 * by level); any level may be chosen. The value is the region's hierarchical code ('32', '3201',
 * '320106'), the prefix of every code under it — a search sends it as `regionCode_likeright`, a form
 * stores it as the record's region (the code blade_region knows it by).
 */
export function RegionCascader({
  value,
  onChange,
  placeholder = '请选择所在地区',
  testId,
  style,
  id,
  'aria-label': ariaLabel,
}: {
  /** Given by the Form.Item around it, so its label names the field (WCAG 1.3.1, 4.1.2). */
  id?: string;
  'aria-label'?: string;
  value?: string;
  onChange?: (code: string | undefined) => void;
  placeholder?: string;
  testId?: string;
  style?: CSSProperties;
}) {
  const [options, setOptions] = useState<Option[]>([]);
  const [path, setPath] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    getRegionChildren('', abort.signal).then(
      (nodes) => setOptions(nodes.map(toOption)),
      () => !abort.signal.aborted && setFailed(true),
    );
    return () => abort.abort();
  }, []);

  // A value given from outside (an edited record's region): its levels are loaded so the path shows by name.
  const outside = value && path[path.length - 1] !== regionCodeOf(value) ? pathOf(value) : null;
  const outsideKey = outside?.join(',') ?? '';
  useEffect(() => {
    if (!outsideKey || !options.length) return;
    const codes = outsideKey.split(',');
    let cancelled = false;
    void (async () => {
      let level = options;
      for (const code of codes.slice(0, -1)) {
        const opt = level.find((o) => o.value === code);
        if (!opt) return;
        if (!opt.children) opt.children = (await getRegionChildren(code).catch(() => [])).map(toOption);
        level = opt.children;
      }
      if (!cancelled) {
        setOptions((o) => [...o]);
        setPath(codes);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [outsideKey, options]);
  // The form cleared the value (重置): the shown path goes too.
  const shown = value ? (outside ?? path) : [];

  const loadData = async (selected: Option[]) => {
    const target = selected[selected.length - 1];
    target.loading = true;
    setOptions((o) => [...o]);
    try {
      target.children = (await getRegionChildren(target.value)).map(toOption);
      if (!target.children.length) target.isLeaf = true;
    } catch {
      target.isLeaf = true; // told by the transport; the level stays as it is
    } finally {
      target.loading = false;
      setOptions((o) => [...o]);
    }
  };

  return (
    <Cascader<Option>
      id={id}
      aria-label={ariaLabel}
      options={options}
      loadData={loadData}
      changeOnSelect
      allowClear
      value={shown}
      placeholder={failed ? '地区加载失败' : placeholder}
      status={failed ? 'error' : undefined}
      style={{ width: 220, ...style }}
      data-testid={testId}
      onChange={(p) => {
        const codes = ((p ?? []) as Array<string | number>).map(String);
        setPath(codes);
        onChange?.(codes.length ? codes[codes.length - 1] : undefined);
      }}
    />
  );
}
