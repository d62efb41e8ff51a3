// When and where the published bot takes chats: its opening and closing times in a time zone of the author's choice
// (settings.general.opensAt / closesAt / timeZone, see schedule.ts), and whether it has a hosted page
// (settings.general.isHostedPageEnabled; off: embed-only). A closing time not after the opening time is shown as an
// error and kept out of the bot (the server would refuse the save); changing the zone keeps the wall-clock times.
import { Select, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Settings } from '../../../../../src/contract/bot/common.js'
import { getPath, type Path, setPaths } from './paths.js'
import { browserTimeZone, closesAfterOpening, momentOf, timeZones, wallTimeOf } from './schedule.js'

const OPENS: Path = ['general', 'opensAt']
const CLOSES: Path = ['general', 'closesAt']
const ZONE: Path = ['general', 'timeZone']

type WallTimes = { opens: string; closes: string }

export const AvailabilitySettings = ({ settings, onChange, readOnly }: { settings: Settings; onChange(next: Settings): void; readOnly: boolean }) => {
  const { t } = useTranslation()
  const stored = getPath(settings, ZONE)
  const zone = typeof stored === 'string' ? stored : browserTimeZone()
  const [zones] = useState(() => timeZones(zone).map((z) => ({ value: z, label: z.replaceAll('_', ' ') })))
  // Times the author typed that cannot be saved as they are (closing before opening), shown until corrected.
  const [refused, setRefused] = useState<WallTimes>()
  const shown: WallTimes = refused ?? { opens: wallTimeOf(getPath(settings, OPENS), zone), closes: wallTimeOf(getPath(settings, CLOSES), zone) }

  /**
   * Writes both times as moments of `inZone`, unless closing would not follow opening. The zone is written once
   * chosen or once a time is set (the browser's zone is only a default until then).
   */
  const apply = (times: WallTimes, inZone = zone) => {
    const opensAt = momentOf(times.opens, inZone)
    const closesAt = momentOf(times.closes, inZone)
    if (!closesAfterOpening(opensAt, closesAt)) return setRefused(times)
    setRefused(undefined)
    const keepZone = opensAt || closesAt || typeof stored === 'string' || inZone !== zone
    onChange(
      setPaths(settings, [
        [OPENS, opensAt],
        [CLOSES, closesAt],
        [ZONE, keepZone ? inZone : undefined],
      ]),
    )
  }

  const hostedPage = getPath(settings, ['general', 'isHostedPageEnabled'])
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('Outside these times new chats get the “Bot closed” message; chats already running go on. Previews always run. Applies once published.')}
      </Text>
      <Select
        label={t('Time zone')}
        description={t('The opening and closing times are clock times of this zone.')}
        data={zones}
        searchable
        value={zone}
        onChange={(next) => next && apply(shown, next)}
        allowDeselect={false}
        readOnly={readOnly}
        limit={50}
      />
      <TextInput
        type="datetime-local"
        label={t('Opens at')}
        description={t('Empty: open from its publication.')}
        value={shown.opens}
        onChange={(e) => apply({ ...shown, opens: e.currentTarget.value })}
      />
      <TextInput
        type="datetime-local"
        label={t('Closes at')}
        description={t('Empty: never closes by itself.')}
        value={shown.closes}
        error={refused ? t('The closing time must come after the opening time.') : undefined}
        onChange={(e) => apply({ ...shown, closes: e.currentTarget.value })}
      />
      <Switch
        label={t('Hosted page')}
        description={t('Off: the bot runs only embedded in websites (widget, Typebot embed) and its page answers “not found”.')}
        checked={hostedPage !== false}
        // Absent means on: turning it back on removes the key rather than writing the default.
        onChange={(e) => onChange(setPaths(settings, [[['general', 'isHostedPageEnabled'], e.currentTarget.checked ? undefined : false]]))}
      />
    </Stack>
  )
}
