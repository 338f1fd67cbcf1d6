import type { MenuDef, ScreenDef } from '@gsl/contract';

/** The screens a user may open: they hold the screen's code or any of its buttons' (the server checks again). */
export function appsOf(screens: ScreenDef[], can: (code: string) => boolean): ScreenDef[] {
  const held = (m: MenuDef): boolean => can(m.code) || (m.children ?? []).some(held);
  return screens.filter(held);
}
