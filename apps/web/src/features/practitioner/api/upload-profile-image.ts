import { type ProfileImageType } from '@portal/contract';
import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practitionerKeys } from './keys';

/** The bytes as base64, read in the browser (FileReader keeps large files off the main thread). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Stores the picture and answers its address. */
export async function uploadProfileImage(input: { contentType: ProfileImageType; file: Blob }) {
  const data = await fileToBase64(input.file);
  return call(practiceApi.uploadProfileImage, { body: { contentType: input.contentType, data } });
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    // The picture shows in the sidebar (user and practitioner both carry it).
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['account'] }), queryClient.invalidateQueries({ queryKey: practitionerKeys.all })]),
  });
}
