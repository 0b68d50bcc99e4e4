// Debugging aid: `npx tsx scripts/eval/askNv.ts <nvbench table> "<question>"...` uploads one
// nvBench table as the eval does and prints the inferred fields and the parser's answers.
import { join, resolve } from 'node:path';
import { parseQuestion } from '../../common/nl';
import { startEvalServer } from './evalServer';

const folder = resolve(process.env.NL2VIS_DIR ?? 'scripts/eval/nl2vis', 'nvbench-dev');
const [table, ...questions] = process.argv.slice(2);
const server = await startEvalServer();
try {
  const name = table.split('__').at(-1)!.replace(/_/g, ' ');
  const { context } = await server.upload({
    key: table,
    file: `${table}.csv`,
    name: name.charAt(0).toUpperCase() + name.slice(1),
    path: join(folder, 'tables', `${table}.csv`),
  });
  for (const field of context.dataset.fields)
    console.log(`${field.name}: ${field.type} ${field.role} [${field.synonyms.join(', ')}]`);
  for (const question of questions) {
    const answer = parseQuestion(question, context);
    const { query, type } = answer.spec;
    console.log(`\n${question}\n  ${type} ${JSON.stringify(query)}`);
    console.log(`  unmatched: ${answer.unmatched.join(', ')}; notes: ${answer.notes.join(' ')}`);
  }
} finally {
  await server.close();
}
