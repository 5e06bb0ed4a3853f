// Public face of recorded answers: the corpus format on disk, the provider that answers from it by
// golden ticket, specialist and call, the pending requests it writes for calls it cannot answer, and
// the provider that records a corpus from another provider's answers.
export {
  CORPUS_SPECIALISTS,
  CorpusAnswers,
  CorpusFile,
  corpusFilePath,
  parseCorpusFile,
  readCorpus,
  readCorpusFile,
  writeCorpusFile,
  writeJsonAtomic,
  wrongClassesOf,
  WRONG_CLASSES,
  type Corpus,
  type WrongClass,
} from './corpus.js';
export { PendingFile, outputJsonSchema, pendingFilePath, writePendingRequest, type PendingRequest } from './pending.js';
export {
  createRecordedModelProvider,
  DEFAULT_FALLBACK_SPECIALISTS,
  type MissingAnswer,
  type RecordedModelProvider,
  type RecordedProviderOptions,
} from './provider.js';
export { createRecordingModelProvider, type RecordingModelProvider, type RecordingOptions } from './recording.js';
