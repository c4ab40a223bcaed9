import type Database from 'better-sqlite3';

/**
 * Prepared statements of one SQLite connection, one per SQL text: preparing costs more than many
 * of the statements it runs. `clear()` after a schema change (statements would go stale).
 */
export class StatementCache {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  get(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  clear(): void {
    this.statements.clear();
  }
}
