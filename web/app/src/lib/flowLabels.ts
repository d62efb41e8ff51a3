// xyflow's own texts for screen readers (its controls, nodes, edges, handles), in the app's language, worded in
// English as xyflow words them: the editor's canvas and the analytics view pass them as `ariaLabelConfig`.
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

export const useFlowLabels = () => {
  const { t } = useTranslation()
  return useMemo(
    () => ({
      'node.a11yDescription.default': t('Press enter or space to select a node. Press delete to remove it and escape to cancel.'),
      'node.a11yDescription.keyboardDisabled': t(
        'Press enter or space to select a node. You can then use the arrow keys to move the node around. Press delete to remove it and escape to cancel.',
      ),
      'edge.a11yDescription.default': t('Press enter or space to select an edge. You can then press delete to remove it or escape to cancel.'),
      'controls.ariaLabel': t('Control Panel'),
      'controls.zoomIn.ariaLabel': t('Zoom In'),
      'controls.zoomOut.ariaLabel': t('Zoom Out'),
      'controls.fitView.ariaLabel': t('Fit View'),
      'controls.interactive.ariaLabel': t('Toggle Interactivity'),
      'handle.ariaLabel': t('Handle'),
    }),
    [t],
  )
}
