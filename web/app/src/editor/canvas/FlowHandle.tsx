// A connection point of a group, an event or a block. Zoomed far out (`far`) it is a plain element carrying the
// classes and data- attributes xyflow measures an edge's end from, instead of xyflow's Handle: each Handle subscribes
// to the flow's store and re-ran its selector on every frame of a pan, thousands of them in a large flow. Far out the
// rows are not shown (canvas.css `[data-lod]`), so nothing is lost: connecting starts from a handle one can see.
import { Handle, type HandleProps, useNodeId } from '@xyflow/react'

export const FlowHandle = ({ far, ...props }: HandleProps & { far: boolean }) => {
  const nodeId = useNodeId()
  if (!far) return <Handle {...props} />
  const { type, id, position, className, style } = props
  return (
    <div
      data-handleid={id ?? null}
      data-nodeid={nodeId}
      data-handlepos={position}
      className={`react-flow__handle react-flow__handle-${position} ${type}${className ? ` ${className}` : ''}`}
      style={style}
      aria-hidden
    />
  )
}
