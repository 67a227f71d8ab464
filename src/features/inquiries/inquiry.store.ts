import { atom } from 'nanostores';

/** What a visitor just sent through the contact form, shown back to them (fields arrive with the form). */
type InquiryData = Record<string, string>;

export const $inquiryData = atom<InquiryData | null>(null);

export function setInquiryData(data: InquiryData | null) {
  $inquiryData.set(data);
}
