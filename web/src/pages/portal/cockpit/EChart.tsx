import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;
/** What a click on a bar, point or slice names: its category (or slice) name and its series. */
export interface ChartClick {
  name: string;
  seriesName?: string;
  dataIndex: number;
}

/**
 * A thin ECharts wrapper (echarts/core with only the charts the cockpit draws). One chart instance per
 * mount: an option replaces the previous one (notMerge, so refreshes never pile up series), the chart is
 * resized to its box whenever the box changes (window, full screen, layout) instead of being scaled with
 * CSS, so tooltips and clicks stay where they are drawn; the instance is disposed on unmount.
 */
export function EChart({ option, label, onClick, height = 260 }: { option: ChartOption; label: string; onClick?: (c: ChartClick) => void; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onClick);
  click.current = onClick;

  useEffect(() => {
    const el = box.current!;
    const c = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = c;
    c.on('click', (p) => {
      const e = p as { name: string; seriesName?: string; dataIndex: number };
      click.current?.({ name: e.name, seriesName: e.seriesName, dataIndex: e.dataIndex });
    });
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ aria: { enabled: true, label: { description: label } }, animation: false, ...option }, { notMerge: true });
  }, [option, label]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height, cursor: onClick ? 'pointer' : undefined }} />;
}
