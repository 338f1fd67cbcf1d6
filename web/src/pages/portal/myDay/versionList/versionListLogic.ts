import type { VersionLogView } from '../../../../api/system/versionLog';

const TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'orange' };

/** One release of the timeline: its day (yyyy-MM-dd), its type's tag colour, its lines of content. */
export function releaseOf(v: VersionLogView) {
  return {
    id: v.id,
    version: v.versionNo.startsWith('v') ? v.versionNo : `v${v.versionNo}`,
    title: v.title,
    day: v.publishTime ? v.publishTime.slice(0, 10) : '',
    type: v.updateTypeName,
    color: TYPE_COLORS[v.updateType] ?? 'default',
    lines: v.content
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
  };
}
