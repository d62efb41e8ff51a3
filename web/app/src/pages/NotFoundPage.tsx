import { Button } from '@mantine/core'
import { Link } from 'react-router'
import { EmptyState } from '../components/states.js'

export const NotFoundPage = () => (
  <EmptyState
    title="This page does not exist"
    action={
      <Button component={Link} to="/">
        Go to your bots
      </Button>
    }
  >
    The link may be old, or the bot or workspace was deleted or is not shared with you.
  </EmptyState>
)
