import { lazy, type ComponentType } from 'react';
import { config } from '../config';

/** What every routed page receives; placeholder pages show these, real pages may ignore them. */
export interface PageProps {
  title: string;
  note?: string;
}

export type PageComponent = ComponentType<PageProps>;

/** A lazy chunk that failed to arrive (specification §8: reported after `chunkTimeoutMs`). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function loadWithTimeout<T>(load: () => Promise<T>, ms: number = config.chunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`页面资源加载超时（${Math.round(ms / 1000)}秒）`)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(`页面资源加载失败：${error instanceof Error ? error.message : String(error)}`));
      },
    );
  });
}

/** React.lazy with the chunk time-out: every routed page is loaded through this. */
export function lazyPage<P = PageProps>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => loadWithTimeout(load));
}
