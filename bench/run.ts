/**
 * `npm run bench`: runs every benchmark under bench/src that exports `run()` (or only those named on the
 * command line, e.g. `npm run bench -- foundation`) and prints their figures. Results are recorded by hand in
 * bench/RESULTS.md with the date and the machine; these machines are shared, so repeat a run that another
 * process disturbed.
 */
import { readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

// Names of suites; options after them (`soak --minutes 2`) are the suite's own.
const only = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'));
const suites = readdirSync(new URL('./src', import.meta.url))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => name.replace(/\.ts$/, ''))
  .filter((name) => only.length === 0 || only.includes(name));

console.log(
  `${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model} · ${Math.round(totalmem() / 2 ** 30)} GiB · Node ${process.version}`,
);
let failed = 0;
for (const suite of suites) {
  const module = (await import(`./src/${suite}.ts`)) as {
    run?: () => Promise<Record<string, number | string>>;
    /** A suite that runs for minutes (soak) runs only when named. */
    onlyWhenNamed?: boolean;
  };
  if (typeof module.run !== 'function') continue;
  if (module.onlyWhenNamed && !only.includes(suite)) continue;
  console.log(`\n## ${suite}`);
  try {
    const results = await module.run();
    for (const [name, value] of Object.entries(results)) console.log(`- ${name}: ${value}`);
  } catch (error) {
    failed++;
    console.log(`- failed: ${(error as Error).stack ?? error}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
