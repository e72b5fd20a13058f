/** split-sms (a test-only devDependency) ships no types: the part of its API the tests use. */
declare module 'split-sms' {
  type TSplitInfo = {
    characterSet: 'GSM' | 'Unicode';
    parts: { content: string; length: number; bytes: number }[];
    bytes: number;
    length: number;
    remainingInPart: number;
  };
  const splitSms: { split(text: string): TSplitInfo };
  export default splitSms;
}
