import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileInput } from './kind.js'
import type { FileInputBlock } from './schema.js'
import { blockContext, context, parse, text } from '../../../../test/support/blocks.js'
import { memoryFiles } from '../../../../test/support/files.js'

const block = (options: FileInputBlock['options'] = {}): FileInputBlock => ({
  id: 'b1',
  type: 'file input',
  options: { variableId: 'v1', ...options },
})

test('file: no reply or no URL fails when required (the default), skips otherwise', async () => {
  assert.deepEqual(await parse(fileInput, block(), undefined), { status: 'fail' })
  assert.deepEqual(await parse(fileInput, block(), text('')), { status: 'fail' })
  assert.deepEqual(await parse(fileInput, block({ isRequired: false }), undefined), { status: 'skip' })
  assert.deepEqual(await parse(fileInput, block({ isRequired: false }), text(' ')), { status: 'skip' })
})

test('file: only the first URL unless several are allowed', async () => {
  const reply = text('https://s3.example.com/a.pdf, https://s3.example.com/b.png')
  assert.deepEqual(await parse(fileInput, block(), reply), { status: 'success', content: 'https://s3.example.com/a.pdf' })
  assert.deepEqual(await parse(fileInput, block({ isMultipleAllowed: true }), reply), {
    status: 'success',
    content: 'https://s3.example.com/a.pdf, https://s3.example.com/b.png',
  })
})

test('file: attached file URLs take precedence over the text', async () => {
  const reply = text('ignored', { attachedFileUrls: ['https://s3.example.com/x.jpg', 'https://s3.example.com/y.jpg'] })
  assert.deepEqual(await parse(fileInput, block({ isMultipleAllowed: true }), reply), {
    status: 'success',
    content: 'https://s3.example.com/x.jpg, https://s3.example.com/y.jpg',
  })
})

test('file: needs at least one valid URL; localhost needs no TLD', async () => {
  assert.deepEqual(await parse(fileInput, block(), text('not a url')), { status: 'fail' })
  assert.deepEqual(await parse(fileInput, block(), text('http://localhost:9000/bucket/a.pdf')), {
    status: 'success',
    content: 'http://localhost:9000/bucket/a.pdf',
  })
})

test("file: a URL on a host without a TLD is accepted when it is a file this server stored for the chat's workspace", async () => {
  const files = memoryFiles('http://parley:3000')
  const stored = await files.store(
    { name: 'a.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF') },
    { workspaceId: 'w1', botId: 'bot1' },
  )
  assert.ok(stored.ok)
  const ctx = blockContext({ files }).ctx
  assert.deepEqual(await parse(fileInput, block(), text(stored.url), ctx), { status: 'success', content: stored.url })
  const elsewhere = await files.store(
    { name: 'b.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF') },
    { workspaceId: 'w2', botId: 'bot1' },
  )
  assert.ok(elsewhere.ok)
  assert.deepEqual(await parse(fileInput, block(), text(elsewhere.url), ctx), { status: 'fail' }, "another workspace's file")
  assert.deepEqual(await parse(fileInput, block(), text(stored.url.replace('a.pdf', 'c.pdf')), ctx), { status: 'fail' }, 'not stored')
})

test('file: allowed types by extension, MIME type or wildcard; signed URL queries ignored', async () => {
  const pdfOnly = block({ allowedFileTypes: { isEnabled: true, types: ['.pdf'] } })
  assert.deepEqual(await parse(fileInput, pdfOnly, text('https://s3.example.com/a.PDF?X-Amz-Signature=abc.png')), {
    status: 'success',
    content: 'https://s3.example.com/a.PDF?X-Amz-Signature=abc.png',
  })
  assert.deepEqual(await parse(fileInput, pdfOnly, text('https://s3.example.com/a.png')), { status: 'fail' })
  const images = block({ isMultipleAllowed: true, allowedFileTypes: { isEnabled: true, types: ['image/*', 'application/pdf'] } })
  assert.deepEqual(await parse(fileInput, images, text('https://s3.example.com/a.jpg, https://s3.example.com/b.pdf')), {
    status: 'success',
    content: 'https://s3.example.com/a.jpg, https://s3.example.com/b.pdf',
  })
  assert.deepEqual(await parse(fileInput, images, text('https://s3.example.com/a.jpg, https://s3.example.com/b.zip')), { status: 'fail' })
  const jpeg = block({ allowedFileTypes: { isEnabled: true, types: ['jpeg'] } })
  assert.deepEqual((await parse(fileInput, jpeg, text('https://s3.example.com/a.jpg'))).status, 'success')
  const disabled = block({ allowedFileTypes: { isEnabled: false, types: ['pdf'] } })
  assert.deepEqual((await parse(fileInput, disabled, text('https://s3.example.com/a.zip'))).status, 'success')
})

test('file: labels templated, never prefilled', async () => {
  const ctx = context([
    { id: 'v1', name: 'Doc', value: 'https://s3.example.com/old.pdf' },
    { id: 'v2', name: 'Name', value: 'Ada' },
  ])
  const input = (await fileInput.prepare(block({ labels: { button: 'Upload, {{Name}}' } }), ctx)) as any
  assert.equal(input.options.labels.button, 'Upload, Ada')
  assert.equal('prefilledValue' in input, false)
})
