/**
 * The scripts of the layout routes that a page can tell will come next, so it starts loading them early
 * (the lazy route then finds them loaded): the route table loads them lazily as usual.
 */

/** antd's layout route: every page after the login needs it; the login page loads it while the code is exchanged. */
export const loadAntdLayout = () => import('./AntdLayout');

/** The shell (header, menus, tabs): the welcome page loads it while the user reads it, before 进入工作台. */
export const loadShellLayout = () => import('./shell/ShellLayout');
