import { admin } from '../../../test/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorEnvelope, serverMessage, uploadResponseSchema } from '@planvy/shared';
import { answerBody } from '../../../test/answers';
import { ApiError } from '../../../lib/api-client';
import { getSession, login } from '../../../lib/auth';
import { uploadPlanFile } from './upload-plan-file';

/** A stand-in for XMLHttpRequest that the test answers by hand. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const file = new File(['<svg/>'], 'plan.svg', { type: 'image/svg+xml' });

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  login({ token: 'token-1', user: admin });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('uploadPlanFile', () => {
  it('posts the file with the token and reports progress', async () => {
    const progress: number[] = [];
    const done = uploadPlanFile({ projectId: 4, file, onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/admin/file/4');
    expect(xhr.headers.Authorization).toBe('Bearer token-1');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
    xhr.respond(
      201,
      answerBody(uploadResponseSchema, {
        file: {
          id: 9,
          project_id: 4,
          name: 'plan.svg',
          title: 'Plan 1',
          kind: 'svg',
          created_at: '2026-01-01T00:00:00.000Z',
          sort_index: 0,
          data: '',
          svg: '<svg/>',
          buildings: '',
          version: 1,
          size: 6,
          url: '/files/plan.svg',
        },
      }),
    );
    await expect(done).resolves.toMatchObject({ file: { id: 9 } });
    expect(progress).toEqual([0.25, 1]);
  });

  it("rejects with the server's message", async () => {
    const done = uploadPlanFile({ projectId: 4, file });
    const tooLarge = serverMessage('fileTooLarge', { n: 25 });
    FakeXhr.last!.respond(413, errorEnvelope(413, tooLarge, { file: [tooLarge] }));
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: 'Filen är större än gränsen på 25 MB' });
  });

  it('ends the session on a 401', async () => {
    const done = uploadPlanFile({ projectId: 4, file });
    FakeXhr.last!.respond(401, { message: 'Unauthenticated', errors: {}, status_code: 401 });
    await expect(done).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
  });

  it('cancels when the signal aborts', async () => {
    const controller = new AbortController();
    const done = uploadPlanFile({ projectId: 4, file, signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});
