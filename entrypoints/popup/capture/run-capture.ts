import { browser } from 'wxt/browser';
import { captureAnswerSchema } from '@/entrypoints/popup/capture/capture-answer-schema';
import { CAPTURE_READER_SCRIPT } from '@/lib/capture/capture-reader-script';
import { CAPTURE_REQUEST_KEY, type CaptureAnswer, type CaptureRequest } from '@/lib/capture/capture-script';
import { leavePageRequest } from '@/lib/page-request';

/**
 * The capture script's answer for the tab (lib/capture/capture-script.ts), run from the popup: the
 * rules are applied where the page is, and the popup, not the background, waits for them (the
 * background's budget has no room for the rules' schema). Undefined where no script may run, or
 * when the answer is not one the script gives: it read a page, which may be hostile.
 */
export async function runCapture(tabId: number, request: CaptureRequest): Promise<CaptureAnswer | undefined> {
  try {
    await browser.scripting.executeScript({
      target: { tabId },
      func: leavePageRequest,
      args: [CAPTURE_REQUEST_KEY, request],
    });
    const [injection] = await browser.scripting.executeScript({ target: { tabId }, files: [CAPTURE_READER_SCRIPT] });
    const parsed = captureAnswerSchema.safeParse(injection?.result);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
