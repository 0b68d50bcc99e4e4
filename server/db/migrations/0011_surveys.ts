import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// Surveys of each account and their answers. Portable between SQLite and
// PostgreSQL: JSON kept as text, timestamps ISO-8601 text, booleans 0/1.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('surveys'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('questions_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('allow_multiple', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dataset_id', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('surveys_account').on('surveys').column('account_id').execute();

  await withId(db, db.schema.createTable('survey_answers'))
    .addColumn('survey_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('answers_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('survey_answers_survey_user')
    .on('survey_answers')
    .columns(['survey_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('survey_answers').execute();
  await db.schema.dropTable('surveys').execute();
}
