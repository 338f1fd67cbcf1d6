/** Route meta (specification §2): isAuth routes need a token, isTab false makes no tab. */
export interface RouteMeta {
  title: string;
  isAuth?: boolean;
  isTab?: boolean;
  /** Tab group: the portal section or the admin menu root. */
  group?: string;
  /** What the screen will show (the placeholder's line). */
  note?: string;
}

export const metaOf = (handle: unknown): RouteMeta | undefined =>
  handle && typeof handle === 'object' && 'title' in handle ? (handle as RouteMeta) : undefined;
