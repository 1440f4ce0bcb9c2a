import { useQuery } from '@tanstack/react-query';
import { api, type UploadPurpose, type UploadTicket } from '@zhicai/contract';
import {
  type EndpointData,
  endpointQuery,
  useEndpointMutation,
} from '../../../platform/query/endpoint-query.ts';
import { request, requestEndpoint } from '../../../platform/request/request.ts';

export type FeedbackItem = EndpointData<'community.feedbackList'>[number];

/** My feedback with its status (GET feedback/list). */
export function useFeedbackList(enabled: boolean) {
  return useQuery({ ...endpointQuery('community.feedbackList'), enabled });
}

/** Files feedback (POST feedback/submit). */
export function useSubmitFeedback() {
  return useEndpointMutation('community.feedbackSubmit');
}

/**
 * Uploads one image (spec 2 §7.3): a ticket from `oss/sign`, then a multipart POST of its fields
 * and the file to the URL it gives, which counts only on HTTP 200 (spec 1 §8). Answers the
 * object's public URL. The purpose files the object (feedback screenshots, comment images, avatars).
 */
export async function uploadImage(
  file: Blob,
  filename: string,
  purpose: UploadPurpose = 'feedback',
): Promise<string> {
  const ticket: UploadTicket = await request('community.ossSign', { purpose });
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append(ticket.fileField, file, filename);
  // The target is whatever the ticket names (our server or the bucket), so its path is the ticket's.
  await requestEndpoint(
    { ...api.community.ossSign, method: 'POST', path: ticket.uploadUrl, query: undefined },
    undefined,
    {
      multipart: form,
    },
  );
  return ticket.publicUrl;
}
