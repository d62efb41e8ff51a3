// Video URL recognition: which links clients embed by id, and which they play as files.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseVideoUrl } from './kind.js'

test('YouTube watch, shorts, youtu.be and embed links', async () => {
  const id = 'dQw4w9WgXcQ'
  for (const url of [
    `https://www.youtube.com/watch?v=${id}`,
    `https://m.youtube.com/watch?v=${id}`,
    `https://youtube.com/shorts/${id}`,
    `https://youtu.be/${id}`,
    `https://www.youtube.com/embed/${id}`,
    `https://www.youtube-nocookie.com/embed/${id}`,
  ]) {
    assert.deepEqual(parseVideoUrl(url), { type: 'youtube', url, id }, url)
  }
})

test('YouTube start time becomes the embed `start` parameter', async () => {
  assert.equal(parseVideoUrl('https://youtu.be/abc_-1?t=42').queryParamsStr, '?start=42')
  assert.equal(parseVideoUrl('https://www.youtube.com/watch?v=abc&t=7&si=x').queryParamsStr, '?si=x&start=7')
  assert.equal(parseVideoUrl('https://www.youtube.com/watch?v=abc').queryParamsStr, undefined)
})

test('Vimeo, TikTok and Gumlet links', async () => {
  assert.deepEqual(parseVideoUrl('https://vimeo.com/123456'), { type: 'vimeo', url: 'https://vimeo.com/123456', id: '123456' })
  assert.equal(parseVideoUrl('https://player.vimeo.com/video/987').id, '987')
  assert.deepEqual(parseVideoUrl('https://www.tiktok.com/@some.user/video/7234'), {
    type: 'tiktok',
    url: 'https://www.tiktok.com/@some.user/video/7234',
    id: '7234',
  })
  assert.deepEqual(parseVideoUrl('https://gumlet.com/watch/64ab12'), { type: 'gumlet', url: 'https://gumlet.com/watch/64ab12', id: '64ab12' })
})

test('anything else is a plain video file; OneDrive embeds become downloads', async () => {
  assert.deepEqual(parseVideoUrl('https://cdn.io/clip.mp4'), { type: 'url', url: 'https://cdn.io/clip.mp4' })
  assert.deepEqual(parseVideoUrl('https://vimeo.com/channels/staff'), { type: 'url', url: 'https://vimeo.com/channels/staff' })
  assert.deepEqual(parseVideoUrl('https://onedrive.live.com/embed?cid=1&resid=2'), {
    type: 'url',
    url: 'https://onedrive.live.com/download?cid=1&resid=2',
  })
})
