import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from './App.js'
import { startLanguage, switchLanguage } from './i18n/language.js'
import { AuthProvider } from './lib/auth.js'
import { cssVariablesResolver, theme } from './theme.js'

const queries = new QueryClient({
  defaultOptions: {
    // Errors are shown where the data is used; a refused request is not worth repeating.
    queries: { retry: (count, error) => count < 2 && !('status' in error && (error.status as number) < 500), refetchOnWindowFocus: false },
  },
})

// The first frame is already in the user's language (its texts load before it).
void switchLanguage(startLanguage()).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {/* At the bottom: the pages' own actions (New bot, Import, Publish) sit at the top. */}
        <Notifications position="bottom-right" />
        <QueryClientProvider client={queries}>
          <BrowserRouter>
            <AuthProvider>
              <App />
            </AuthProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
)
