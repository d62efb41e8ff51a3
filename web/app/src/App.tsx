// Routes of the web application. Every page except the sign-in family needs a signed-in user; a server without
// any account yet sends everyone to the first-run setup.
import { Center, Loader } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import { ErrorState } from './components/states.js'
import { Shell } from './components/Shell.js'
import { useAuth } from './lib/auth.js'
import { AccountPage } from './pages/AccountPage.js'
import { BotPage } from './pages/bot/BotPage.js'
import { BotEditorRoute } from './editor/BotEditorRoute.js'
import { BotsPage } from './pages/BotsPage.js'
import { CredentialsPage } from './pages/CredentialsPage.js'
import { WebhooksPage } from './pages/WebhooksPage.js'
import { HomeRedirect } from './pages/HomeRedirect.js'
import { InvitationPage } from './pages/InvitationPage.js'
import { MagicLinkPage } from './pages/MagicLinkPage.js'
import { MembersPage } from './pages/MembersPage.js'
import { NotFoundPage } from './pages/NotFoundPage.js'
import { ResetPasswordPage } from './pages/ResetPasswordPage.js'
import { SetupPage } from './pages/SetupPage.js'
import { SignInPage } from './pages/SignInPage.js'
import { SignUpPage } from './pages/SignUpPage.js'
import { WorkspaceSettingsPage } from './pages/WorkspaceSettingsPage.js'

const Loading = () => {
  const { t } = useTranslation()
  return (
    <Center h="100vh">
      <Loader aria-label={t('Loading')} />
    </Center>
  )
}

/** Pages for signed-in users only. */
const SignedIn = ({ children }: { children: ReactNode }) => {
  const { status } = useAuth()
  const location = useLocation()
  if (status?.setupNeeded) return <Navigate to="/setup" replace />
  if (!status?.user) return <Navigate to={`/signin?next=${encodeURIComponent(location.pathname + location.search)}`} replace />
  return children
}

export const App = () => {
  const { t } = useTranslation()
  const { status, error } = useAuth()
  if (error && !status) {
    return (
      <Center h="100vh" p="md">
        <ErrorState title={t('Parley cannot be reached')} error={error} onRetry={() => window.location.reload()} />
      </Center>
    )
  }
  if (!status) return <Loading />
  return (
    <Routes>
      <Route path="/setup" element={status.setupNeeded ? <SetupPage /> : <Navigate to="/" replace />} />
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/magic-link" element={<MagicLinkPage />} />
      <Route path="/invitations/:token" element={<InvitationPage />} />
      <Route
        path="/"
        element={
          <SignedIn>
            <HomeRedirect />
          </SignedIn>
        }
      />
      <Route
        path="/w/:workspaceId/bots/:botId/edit"
        element={
          <SignedIn>
            <BotEditorRoute />
          </SignedIn>
        }
      />
      <Route
        element={
          <SignedIn>
            <Shell />
          </SignedIn>
        }
      >
        <Route path="/account" element={<AccountPage />} />
        <Route path="/w/:workspaceId/bots" element={<BotsPage />} />
        <Route path="/w/:workspaceId/bots/:botId/:tab?" element={<BotPage />} />
        <Route path="/w/:workspaceId/credentials" element={<CredentialsPage />} />
        <Route path="/w/:workspaceId/webhooks" element={<WebhooksPage />} />
        <Route path="/w/:workspaceId/members" element={<MembersPage />} />
        <Route path="/w/:workspaceId/settings" element={<WorkspaceSettingsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
