/** Recording upstream odds replies and reading them back (gateway/../RECORDING.md). */
export {
  canonicalJson,
  isOddsCall,
  type OddsCall,
  OddsCalls,
  parseHeader,
  parseReply,
  type RecordedReply,
  RecordingFormat,
  type RecordingHeader,
  RecordingVersion,
  replyKey,
} from './format.ts';
export {
  describeProblem,
  ProblemKind,
  type ReadOptions,
  type Recording,
  type RecordingProblem,
  readRecording,
  recordingFiles,
} from './reader.ts';
export { createRecorder, type Recorder, type RecorderOptions, type RecorderStats } from './writer.ts';
