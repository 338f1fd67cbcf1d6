import { CamelCasePlugin, PostgresDialect, PostgresQueryCompiler, type PluginTransformQueryArgs, type QueryCompiler, type RootOperationNode } from 'kysely';

/**
 * The code names tables and columns in camelCase (schema.ts), the database in snake_case. Kysely's
 * CamelCasePlugin does it by rewriting every query's whole operation tree before compiling — a copy of
 * each node per statement, the largest part of what a query costs this process (issue 18's profile). The
 * same mapping (the plugin's own memoised one) is applied here where the compiler prints an identifier,
 * and the plugin is kept only for what comes back: result rows' keys are camelCased as before.
 */
class Mapping extends CamelCasePlugin {
  /** CamelCasePlugin's own (memoised) mapping, which it keeps protected. */
  toSnake(name: string): string {
    return this.snakeCase(name);
  }
}
const mapping = new Mapping();

/** `createTime` → `create_time`, as CamelCasePlugin maps it (memoised; snake names stay as they are). */
export const snakeCase = (name: string): string => mapping.toSnake(name);

/** PostgreSQL's compiler, printing every identifier (table, column, alias) in snake_case. */
export class SnakeCaseCompiler extends PostgresQueryCompiler {
  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(mapping.toSnake(identifier));
  }
}

/** node-postgres with the snake-casing compiler. */
export class SnakeCasePostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SnakeCaseCompiler();
  }
}

/** CamelCasePlugin for the answers only: rows' (and nested objects') keys to camelCase; queries pass untouched. */
export class CamelCaseResults extends CamelCasePlugin {
  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
}
