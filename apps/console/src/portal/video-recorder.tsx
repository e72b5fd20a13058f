import { VIDEO_MAX_SECONDS } from '@sello/contracts/portal-limits';
import { useRef, useState } from 'react';
import { readAsDataUrl } from '../lib/read-as-data-url.ts';
import type { TTranslate } from './portal-texts.ts';

/** Container types the page asks the browser for, in order; the server checks the bytes anyway. */
const RECORDING_TYPES = ['video/webm;codecs=vp8', 'video/webm', 'video/mp4'];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The recording step of an unattended video identification: the consent text, then a short recording
 * of the camera (MediaRecorder, VIDEO_MAX_SECONDS) shown while it runs, handed over as a data URL.
 */
export function VideoRecorder({
  t,
  busy,
  recorded,
  onRecorded,
}: {
  t: TTranslate;
  busy: boolean;
  recorded: boolean;
  onRecorded: (dataUrl: string) => Promise<void>;
}) {
  const [consent, setConsent] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const preview = useRef<HTMLVideoElement>(null);

  async function record() {
    setFailed(false);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
    } catch {
      setFailed(true);
      return;
    }
    try {
      if (preview.current) {
        preview.current.srcObject = stream;
        void preview.current.play().catch(() => undefined);
      }
      const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(stream, {
        ...(mimeType && { mimeType }),
        videoBitsPerSecond: 600_000,
      });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      const stopped = new Promise<void>((resolve) => {
        recorder.onstop = () => resolve();
      });
      recorder.start(1000);
      for (let left = VIDEO_MAX_SECONDS; left > 0; left -= 1) {
        setSecondsLeft(left);
        await wait(1000);
      }
      recorder.stop();
      await stopped;
      setSecondsLeft(null);
      await onRecorded(await readAsDataUrl(new Blob(chunks, { type: recorder.mimeType || 'video/webm' })));
    } catch {
      setFailed(true);
    } finally {
      for (const track of stream.getTracks()) track.stop();
      if (preview.current) preview.current.srcObject = null;
      setSecondsLeft(null);
    }
  }

  const recording = secondsLeft !== null;
  return (
    <div className="portal-video" data-testid="portal-video">
      <h3>{t('videoTitle')}</h3>
      <p className="portal-note">{t('videoConsent', { n: VIDEO_MAX_SECONDS })}</p>
      <label className="portal-consent">
        <input
          type="checkbox"
          checked={consent}
          disabled={busy || recording}
          onChange={(event) => setConsent(event.target.checked)}
          data-testid="video-consent"
        />{' '}
        {t('videoAgree')}
      </label>
      <video ref={preview} muted playsInline className="portal-video-preview" hidden={!recording} />
      {recording && <p className="portal-note">{t('videoRecording', { n: secondsLeft })}</p>}
      {recorded && !recording && (
        <p className="portal-note" data-testid="video-recorded">
          ✓ {t('videoRecorded')}
        </p>
      )}
      {failed && <p className="portal-warning">{t('videoUnavailable')}</p>}
      <button
        type="button"
        className="portal-primary"
        disabled={!consent || busy || recording}
        onClick={() => void record()}
        data-testid="video-record"
      >
        {t(recorded ? 'videoAgain' : 'videoRecord')}
      </button>
    </div>
  );
}
