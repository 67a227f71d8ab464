import config from '../../playwright.config';

/**
 * Launch options for Chromium's fake microphone with an automatic "Allow": a steady tone, or the
 * WAV file given, played once. For `test.use` at a file's top level (it starts its own browser).
 */
export function fakeMicrophone(file?: string) {
  const launchOptions = config.use?.launchOptions ?? {};
  return {
    launchOptions: {
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        ...(file ? [`--use-file-for-fake-audio-capture=${file}%noloop`] : []),
      ],
    },
  };
}
