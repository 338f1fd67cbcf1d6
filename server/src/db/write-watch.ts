import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { snakeCase } from './snake-case.js';

/** One statement of this process that wrote a table: its name, and for an UPDATE built with the query builder, the columns it set. */
export interface TableWrite {
  table: string;
  /** The columns an UPDATE sets; null when unknown (raw SQL) or not an UPDATE (every column counts as changed). */
  columns: readonly string[] | null;
}

type Listener = (writes: readonly TableWrite[]) => void;

/** Keyed by the database handle (a Kysely instance) connection.ts opened. */
const watches = new WeakMap<object, WriteWatch>();

/**
 * Tells this process, as soon as a statement that wrote a table has answered, which tables it wrote.
 * Caches whose every process is told of changes by a table trigger's NOTIFY (platform/db/change-cache.ts)
 * also drop what they keep here, at once: the writer's own next request, even one that follows within
 * the same tick, never reads what it just changed from a stale copy. Reads in another process wait for the
 * notification, which comes when the write commits.
 *
 * It watches query-builder statements (INSERT, UPDATE, DELETE, MERGE) by their nodes and raw SQL by its
 * text (`insert into t`, `update t`, `delete from t`, `truncate t`); table and column names as the database has them (snake case).
 */
export class WriteWatch {
  private readonly listeners = new Set<Listener>();
  private readonly pending = new WeakMap<object, TableWrite[]>();
  /** Statements that only read (SELECT, raw select/with), sent through this handle since it opened: what a request costs the database. */
  reads = 0;

  readonly plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
      if (isRead(args.node)) this.reads += 1;
      if (this.listeners.size) {
        const writes = writesOf(args.node);
        if (writes.length) this.pending.set(args.queryId, writes);
      }
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      const writes = this.pending.get(args.queryId);
      if (writes) {
        this.pending.delete(args.queryId);
        for (const fn of this.listeners) fn(writes);
      }
      return args.result;
    },
  };

  /** Calls `fn` after every statement that wrote a table; the answer stops it. */
  on(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Registers this watch as the one of `db` (connection.ts does it for every handle it opens). */
  attach(db: object): void {
    watches.set(db, this);
  }
}

/** The watch of a handle opened by connection.ts (undefined for any other Kysely instance). */
export function writeWatchOf(db: object): WriteWatch | undefined {
  return watches.get(db);
}

const RAW_WRITE_RE = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?\w+"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

function writesOf(node: RootOperationNode): TableWrite[] {
  switch (node.kind) {
    case 'InsertQueryNode':
      return tableWrites(node.into, null);
    case 'UpdateQueryNode':
      return tableWrites(node.table, node.updates?.map((u) => nameOf(u.column)).filter((c): c is string => !!c) ?? null);
    case 'DeleteQueryNode':
      return node.from.froms.flatMap((f) => tableWrites(f, null));
    case 'MergeQueryNode':
      return tableWrites(node.into, null);
    case 'RawNode': {
      const text = node.sqlFragments.join(' ');
      const out: TableWrite[] = [];
      for (const m of text.matchAll(RAW_WRITE_RE)) out.push({ table: m[1].toLowerCase(), columns: null });
      return out;
    }
    default:
      return [];
  }
}

const RAW_READ_RE = /^\s*(?:select|with)\b/i;
const RAW_WRITES_RE = new RegExp(RAW_WRITE_RE.source, 'i');

function isRead(node: RootOperationNode): boolean {
  if (node.kind === 'SelectQueryNode') return true;
  return node.kind === 'RawNode' && RAW_READ_RE.test(node.sqlFragments[0] ?? '') && !RAW_WRITES_RE.test(node.sqlFragments.join(' '));
}

function tableWrites(node: OperationNode | undefined, columns: readonly string[] | null): TableWrite[] {
  const table = tableName(node);
  return table ? [{ table, columns }] : [];
}

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  const n = node as unknown as { kind: string; node?: OperationNode; table?: { identifier?: { name?: string } } };
  if (n.kind === 'AliasNode') return tableName(n.node);
  if (n.kind === 'TableNode') return n.table?.identifier?.name ? snakeCase(n.table.identifier.name) : null;
  return null;
}

function nameOf(node: OperationNode): string | null {
  const n = node as unknown as { kind: string; column?: { name?: string } };
  return n.kind === 'ColumnNode' && n.column?.name ? snakeCase(n.column.name) : null;
}
