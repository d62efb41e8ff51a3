// The chat's language and its translate function, for components: the Widget provides them (the bot's language once
// its chat has started, else the browser's); `useTexts()` reads them. Code outside components gets them from the
// conversation (`conversation.texts`).
import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import { type ChatTexts, chatLanguage, chatTexts } from './index.js'

export const TextsContext = createContext<ChatTexts>(chatTexts(chatLanguage(undefined)))

export const useTexts = (): ChatTexts => useContext(TextsContext)
