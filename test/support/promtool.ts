// Prometheus' own linter on a scrape: `promtool check metrics` (Debian's prometheus package; .ci/run installs it).
import { spawnSync } from 'node:child_process'

/**
 * What promtool reports on `text` ('' when clean), or undefined when promtool is not installed. Under CI=true a
 * missing promtool throws: the check must not quietly not run there.
 */
export const promtoolProblems = (text: string): string | undefined => {
  const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8', timeout: 30_000 })
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    if (process.env.CI === 'true') throw new Error('promtool is not installed (CI=true): apt-get install prometheus, as .ci/run does')
    return undefined
  }
  if (run.error) throw run.error
  const report = `${run.stdout}${run.stderr}`.trim()
  // It exits 1 on problems and says what they are; an exit without a word (a crash) is a failure too.
  if (run.status !== 0 && report === '') throw new Error(`promtool exited with ${run.status ?? run.signal} and said nothing`)
  return report
}

export const PROMTOOL_MISSING = 'promtool is not installed (Debian: apt-get install --no-install-recommends prometheus): the lint is skipped'
