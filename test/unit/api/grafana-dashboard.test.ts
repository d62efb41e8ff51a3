// docs/grafana-dashboard.json: loadable (datasource as an input) and built only on metrics the server defines.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { createMetrics } from '../../../src/api/metrics.js'

const dashboard = JSON.parse(readFileSync(new URL('../../../docs/grafana-dashboard.json', import.meta.url), 'utf8'))

test('every expression of the dashboard names metrics the registry defines', () => {
  const { registry } = createMetrics()
  const panels = dashboard.panels.filter((p: any) => p.type !== 'row')
  assert.ok(panels.length >= 10)
  const used = new Set<string>()
  for (const panel of panels) {
    assert.ok(panel.targets.length > 0, panel.title)
    for (const target of panel.targets) {
      const names = target.expr.match(/\bparley_[a-z0-9_]+/g) ?? []
      assert.ok(names.length > 0, `${panel.title}: ${target.expr}`)
      for (const name of names) {
        // Histograms are exposed as <name>_bucket, _sum and _count.
        const base = name.replace(/_(bucket|sum|count)$/, '')
        assert.ok(registry.getSingleMetric(name) ?? registry.getSingleMetric(base), `${panel.title}: ${name} is not a metric of the registry`)
        used.add(base)
      }
    }
  }
  // Every metric of ours (not the default process ones) is on the dashboard.
  const ours = registry
    .getMetricsAsArray()
    .map((m) => m.name)
    .filter((n) => !/^parley_(process|nodejs)_/.test(n))
  assert.deepEqual(
    ours.filter((n) => !used.has(n) && !used.has(n.replace(/_total$/, ''))),
    [],
  )
})

test('the datasource is the ${DS_PROMETHEUS} input', () => {
  assert.deepEqual(
    dashboard.__inputs.map((i: any) => [i.name, i.pluginId]),
    [['DS_PROMETHEUS', 'prometheus']],
  )
  for (const panel of dashboard.panels.filter((p: any) => p.type !== 'row')) {
    assert.equal(panel.datasource.uid, '${DS_PROMETHEUS}', panel.title)
    for (const target of panel.targets) assert.equal(target.datasource.uid, '${DS_PROMETHEUS}', panel.title)
  }
})
