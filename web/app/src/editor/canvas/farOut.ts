import type { ReactFlowState } from '@xyflow/react'

// Zoomed far out, a group is drawn as a box with its title (its name stays for screen readers): its rows keep their
// place and their connection points, so edges still attach where they did, but are not painted (canvas.css,
// `[data-lod]`) and drop their text, and the connection points are plain elements (FlowHandle). While the view
// moves, the flow is one drawing (FarOverview). Nothing in a row is readable at that size, and painting,
// hit-testing and updating thousands of rows is what made panning a large flow zoomed out stutter.
export const farOut = (s: ReactFlowState) => s.transform[2] < 0.45
