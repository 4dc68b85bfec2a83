// @ucast/sql ships its typings outside its package "exports"; these are the parts we use.
declare module '@ucast/sql' {
  export interface DialectOptions {
    regexp(field: string, placeholder: string, ignoreCase: boolean): string;
    escapeField(field: string, relationName?: string): string;
    paramPlaceholder(index: number): string;
  }
  export interface SqlQueryOptions extends DialectOptions {
    rootAlias?: string;
    localField?(field: string): string;
    foreignField?(field: string, relationName: string): string;
    joinRelation?(relationName: string, context: unknown): boolean;
  }
  export const pg: DialectOptions;
  export const allInterpreters: Record<string, unknown>;
  export function createSqlInterpreter(
    operators: Record<string, unknown>,
  ): (condition: unknown, options: SqlQueryOptions, relationContext?: unknown) => [string, unknown[], string[]];
}
