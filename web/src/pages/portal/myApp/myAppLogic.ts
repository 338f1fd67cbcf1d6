import type { AppUsageView, AppView, MenuDef, ScreenDef } from '@gsl/contract';

/** The screens a user may open: they hold the screen's code or any of its buttons' (the server checks again). */
export function appsOf(screens: ScreenDef[], can: (code: string) => boolean): ScreenDef[] {
  const held = (m: MenuDef): boolean => can(m.code) || (m.children ?? []).some(held);
  return screens.filter(held);
}

/** One tile of 业务应用: a screen of this product or a registered application. */
export interface AppTile {
  key: string;
  name: string;
  icon: string | undefined;
  /** A path of this product (opened in place) or an address opened in a new tab. */
  target: string;
  newTab: boolean;
  typeName: string;
  useCount: number;
  lastUseTime: string | null;
  /** What business-app-usage/add takes for it. */
  use: { appId: string } | { menuCode: string };
}

/** The product's own screens count as 业务系统 (appType 1). */
export const OWN_SCREEN_TYPE = 1;

/**
 * 业务应用's tiles: the screens the user holds (of appType 1, so they show under 全部 and 业务系统) and the
 * registered applications of the chosen type, the user's most used first, then the latest used, then the
 * registry's order (screens first, then the applications as the server ordered them).
 */
export function tilesOf(screens: ScreenDef[], apps: AppView[], usage: AppUsageView[], appType: number | ''): AppTile[] {
  const used = new Map(usage.map((u) => [u.appKey, u]));
  const own: AppTile[] =
    appType === '' || appType === OWN_SCREEN_TYPE
      ? screens.map((s) => ({
          key: `menu:${s.code}`,
          name: s.name,
          icon: s.source,
          target: s.path,
          newTab: s.isOpen === 2,
          typeName: '本系统',
          useCount: used.get(`menu:${s.code}`)?.useCount ?? 0,
          lastUseTime: used.get(`menu:${s.code}`)?.lastUseTime ?? null,
          use: { menuCode: s.code },
        }))
      : [];
  const registered: AppTile[] = apps.map((a) => ({
    key: `app:${a.id}`,
    name: a.appName,
    icon: a.icon ?? undefined,
    target: a.url,
    newTab: a.isOpen === 2,
    typeName: a.appTypeName,
    useCount: used.get(`app:${a.id}`)?.useCount ?? a.useCount,
    lastUseTime: used.get(`app:${a.id}`)?.lastUseTime ?? a.lastUseTime,
    use: { appId: a.id },
  }));
  const all = [...own, ...registered];
  const order = new Map(all.map((t, i) => [t.key, i]));
  return all.sort((a, b) => b.useCount - a.useCount || (b.lastUseTime ?? '').localeCompare(a.lastUseTime ?? '') || order.get(a.key)! - order.get(b.key)!);
}
