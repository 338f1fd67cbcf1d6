import type { CockpitSummary } from '@gsl/contract';
import { QUALITY_ISSUES, QUALITY_ISSUE_LABELS } from '@gsl/contract';
import type { ChartOption } from './EChart';

/** ECharts options of the big screen, built from the summary (pure: tested without a canvas). */

const TEXT = '#d6e4ff';
const AXIS = { axisLabel: { color: TEXT }, axisLine: { lineStyle: { color: '#5b7ab8' } }, splitLine: { lineStyle: { color: 'rgba(91,122,184,0.25)' } } };
const TOOLTIP = { trigger: 'axis', axisPointer: { type: 'shadow' } };
const GRID = { left: 8, right: 24, top: 24, bottom: 8, containLabel: true };
export const PALETTE = ['#409EFF', '#36CFC9', '#FFC53D', '#FF7A45', '#9254DE', '#73D13D', '#F759AB'];

/** Ranked horizontal bars (largest on top). */
export function rankedBars(items: Array<{ name: string; value: number }>, color = PALETTE[0], limit = 15): ChartOption {
  const top = items.slice(0, limit).reverse();
  return {
    color: [color],
    grid: GRID,
    tooltip: TOOLTIP,
    xAxis: { type: 'value', minInterval: 1, ...AXIS },
    yAxis: { type: 'category', data: top.map((i) => i.name), ...AXIS },
    series: [{ type: 'bar', name: '数量', data: top.map((i) => i.value), label: { show: true, position: 'right', color: TEXT }, barMaxWidth: 18 }],
  };
}

export function yearBars(s: Pick<CockpitSummary, 'byJoinYear'>): ChartOption {
  return {
    color: [PALETTE[1]],
    grid: GRID,
    tooltip: TOOLTIP,
    xAxis: { type: 'category', data: s.byJoinYear.map((y) => y.name), ...AXIS },
    yAxis: { type: 'value', minInterval: 1, ...AXIS },
    series: [{ type: 'bar', name: '入会人数', data: s.byJoinYear.map((y) => y.value), barMaxWidth: 24 }],
  };
}

export function chamberPie(s: CockpitSummary): ChartOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, textStyle: { color: TEXT } },
    series: [
      {
        type: 'pie',
        name: '商会类型',
        radius: ['35%', '62%'],
        center: ['50%', '44%'],
        label: { color: TEXT, formatter: '{b}\n{c}' },
        data: s.chambersByType.map((c) => ({ name: c.name, value: c.value })),
      },
    ],
  };
}

/** 填报 of the scope's chambers and associations by state (the labels of 填报情况). */
export const FILL_STATES = [
  ['submitted', '已提交'],
  ['filling', '填报中'],
  ['returned', '已退回'],
  ['notStarted', '未填报'],
] as const;

export function fillPie(s: CockpitSummary): ChartOption {
  return {
    color: [PALETTE[0], PALETTE[1], PALETTE[3], '#8c8c8c'],
    tooltip: { trigger: 'item', formatter: '{b}: {c} 个 ({d}%)' },
    legend: { bottom: 0, textStyle: { color: TEXT } },
    series: [
      {
        type: 'pie',
        name: '填报完成情况',
        radius: ['35%', '62%'],
        center: ['50%', '44%'],
        label: { color: TEXT, formatter: '{b}\n{c}' },
        data: FILL_STATES.map(([k, name]) => ({ name, value: s.fillIn[k] })),
      },
    ],
  };
}

export function qualityBars(s: CockpitSummary): ChartOption {
  const total = s.quality.total || 1;
  return {
    color: [PALETTE[3]],
    grid: GRID,
    tooltip: { ...TOOLTIP, valueFormatter: (v: number) => `${v} 条(${((v / total) * 100).toFixed(1)}%)` },
    xAxis: { type: 'category', data: QUALITY_ISSUES.map((i) => QUALITY_ISSUE_LABELS[i]), ...AXIS },
    yAxis: { type: 'value', minInterval: 1, ...AXIS },
    series: [
      {
        type: 'bar',
        name: '问题记录',
        data: QUALITY_ISSUES.map((i) => s.quality[i]),
        barMaxWidth: 36,
        label: { show: true, position: 'top', color: TEXT, formatter: (p: { value: number }) => `${((p.value / total) * 100).toFixed(1)}%` },
      },
    ],
  };
}

export function messageBars(s: CockpitSummary): ChartOption {
  const series = (name: string, key: 'sys' | 'sms' | 'email') => ({ type: 'bar', stack: 'sends', name, data: s.messages.map((m) => m[key]), barMaxWidth: 24 });
  return {
    color: [PALETTE[0], PALETTE[2], PALETTE[4]],
    grid: { ...GRID, top: 36 },
    tooltip: TOOLTIP,
    legend: { top: 0, textStyle: { color: TEXT } },
    xAxis: { type: 'category', data: s.messages.map((m) => m.month.slice(2)), ...AXIS },
    yAxis: { type: 'value', minInterval: 1, ...AXIS },
    series: [series('系统通知', 'sys'), series('短信', 'sms'), series('邮件', 'email')],
  };
}

export function loginLines(s: CockpitSummary): ChartOption {
  return {
    color: [PALETTE[5], PALETTE[2]],
    grid: { ...GRID, top: 36 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { color: TEXT } },
    xAxis: { type: 'category', data: s.logins.map((l) => l.day.slice(5)), ...AXIS },
    yAxis: { type: 'value', minInterval: 1, ...AXIS },
    series: [
      { type: 'line', name: '登录次数', smooth: true, data: s.logins.map((l) => l.count) },
      { type: 'line', name: '登录人数', smooth: true, data: s.logins.map((l) => l.users) },
    ],
  };
}
