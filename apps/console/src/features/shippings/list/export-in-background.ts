import {
  shippingsReportApi,
  type TExportJob,
  type TShippingsReportRequest,
} from '@sello/contracts/catalogue/shippings-report';
import { notify } from '../../../alerts/alert-store.ts';
import { callEndpoint, notifyFailure } from '../../../api/http-client.ts';
import { downloadFile } from '../../../components/download-file.ts';

const POLL_MS = 2000;
const MAX_POLLS = 900;

type TReportRequest = Omit<Partial<TShippingsReportRequest>, 'asynchronous' | 'jobId'>;

const isJob = (value: unknown): value is TExportJob =>
  typeof value === 'object' && value !== null && 'jobId' in value && 'state' in value;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The asynchronous export of the list: the server prepares the file in the background (202 with a
 * job); the console asks for the job every two seconds, in the background, and when it is ready
 * downloads it through the DownloadFile form post and says so.
 */
export async function exportInBackground(request: TReportRequest): Promise<void> {
  try {
    const started: unknown = await callEndpoint(shippingsReportApi.report, {
      body: { ...request, asynchronous: true },
    });
    if (!isJob(started)) return;
    notify.info('SHIPPING_EXPORT_ASYNC_STARTED');
    for (let poll = 0; poll < MAX_POLLS; poll += 1) {
      await wait(POLL_MS);
      const answer: unknown = await callEndpoint(
        shippingsReportApi.report,
        { body: { ...request, jobId: started.jobId } },
        { background: true },
      );
      if (isJob(answer) && answer.state !== 'ready') continue;
      await downloadFile(shippingsReportApi.report.path, { ...request, jobId: started.jobId });
      notify.success('SHIPPING_EXPORT_READY');
      return;
    }
  } catch (error) {
    notifyFailure(error);
  }
}
