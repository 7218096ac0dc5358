import { getTableColumns, SQL, sql, type SQLChunk } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * Many rows as one set: `(select … from unnest($1::int[], $2::text[], …)) as u`, one
 * array parameter per column instead of one parameter per value. A 20,000-row import is
 * then one statement, far below PostgreSQL's 65,535-parameter limit and about ten times
 * faster than multi-row VALUES (parameters are what costs, on PGlite most of all).
 *
 * A value a row leaves undefined takes the column's default from the Drizzle schema
 * (the one place defaults are written), or NULL.
 */
/** A serial column holds, and takes, its underlying integer type. */
const SERIAL_TYPES: Record<string, string> = {
  smallserial: 'smallint',
  serial: 'integer',
  bigserial: 'bigint',
};

export function unnestRows<T extends PgTable>(
  table: T,
  keys: readonly (keyof T['_']['columns'] & string)[],
  rows: readonly Partial<Record<string, unknown>>[],
): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const arrays: SQL[] = [];
  const selected: SQLChunk[] = [];
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`unknown column ${key}`);
    const type = SERIAL_TYPES[column.getSQLType()] ?? column.getSQLType();
    const fallback = column.hasDefault && !(column.default instanceof SQL) ? column.default : null;
    const isJson = type === 'jsonb' || type === 'json';
    const values = rows.map((row) => {
      const value = row[key] === undefined ? fallback : row[key];
      return isJson && value !== null ? JSON.stringify(value) : value;
    });
    // JSON travels as text[] (drivers write arrays of objects differently) and is cast per value.
    arrays.push(sql`${sql.param(values)}::${sql.raw(isJson ? 'text' : type)}[]`);
    selected.push(isJson ? sql`${sql.identifier(key)}::${sql.raw(type)}` : sql.identifier(key));
  }
  const names = sql.join(
    keys.map((k) => sql.identifier(k)),
    sql`, `,
  );
  return sql`(select ${sql.join(selected, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${names}))`;
}
