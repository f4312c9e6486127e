/**
 * The counts the unit tests expect from the real fixtures (../shared/fixtures), one constant per fixture. Each is
 * recounted from the raw files by the script named above it (scripts/recount/, plain Node, independent of the
 * product's code); scripts/recount/recount.test.ts runs the scripts and checks that they print exactly these values.
 * Where a paper or release file also states a number, the comment says so.
 */

/** τ-Elicitation archive, gemini_high agent-directed cells: `node scripts/recount/tau-elicitation.mjs`. */
export const TAU_ELICITATION = {
  tasksPerCell: 200,
  /** Calls with reward 1 per cell; results/manifest.csv `passes` states the same 103, 74, 89. */
  passes: { regular: 103, noise_heavy: 74, speech_heavy: 89 },
  /** Tasks passed in all three cells; fixtures README: "27 of the 200 tasks … (0.135)", the paper's .135. */
  passAllThree: 27,
  /** Caller-recorded note_spell_request / note_readback events per cell (paper: read-backs .815 per regular call). */
  effort: {
    regular: { calls: 200, spellRequests: 56, readBacks: 163 },
    noise_heavy: { calls: 200, spellRequests: 42, readBacks: 138 },
    speech_heavy: { calls: 200, spellRequests: 44, readBacks: 168 },
  },
  regular: {
    /** Calls with at least one read-back / spelling request (paper: 87/200 and 52/200). */
    callsWithReadBack: 87,
    callsWithSpellRequest: 52,
    byDifficulty: {
      easy: { calls: 100, spellRequests: 19, readBacks: 68 },
      hard: { calls: 100, spellRequests: 37, readBacks: 95 },
    },
    /** Gold fields of the regular cell (paper: "Attempt-1 wrong … gemini 129/199"; .643, .500, .373, .109). */
    capture: {
      fields: 199,
      firstMissing: 22,
      firstRight: 48,
      firstWrong: 129,
      finalRight: 83,
      repaired: 36,
      regressed: 1,
      verifiedFirstWrong: 83,
      verifiedFirstRight: 24,
      repairedVerified: 31,
      repairedUnverified: 5,
    },
    /** Wrong first captures by repair step as [recovered, fields], in the paper's order. */
    recovery: { neither: [5, 46], read_back_only: [14, 37], spelling_only: [5, 18], both: [12, 28] },
    /** [passes, calls] by caller voice (paper: Wei 35 calls .686, Priya 44 calls .409). */
    voices: { wei_lin: [24, 35], priya_patil: [18, 44] },
  },
  /** Examples and validated calls whose simulation is not one of the 600 transcript calls. */
  subsets: { exampleFiles: 6, examples: 5, examplePasses: 4, validation: 100, validationPasses: 70 },
  /** Distinct calls of the archive: 600 transcript calls + 5 examples + 100 validated calls. */
  episodes: 705,
} as const;

/** τ-Elicitation judge_validation/ (validation.csv, utterances.csv): `node scripts/recount/tau-validation.mjs`. */
export const TAU_VALIDATION = {
  calls: 100,
  findings: 41,
  /** Call rows with judge_label 1. */
  flagged: 33,
  /** human_error_source_a / _b of the call rows. */
  sources: { A: { no_error: 68, agent: 32 }, B: { no_error: 66, agent: 33, user: 1 } },
  subtypesA: { transcription_error: 23, logical_error: 7, hallucination: 2 },
  /** The two annotators' common label, else disputed; in descending count. */
  resolved: {
    sources: { no_error: 66, agent: 31, disputed: 3 },
    subtypes: { transcription_error: 23, disputed: 5, logical_error: 5, hallucination: 1 },
    callsDisputed: 7,
  },
  /** A (rows) × B (columns) over agent, user, system, no_error; agreeing calls per field. */
  agreement: {
    sourceCategories: ['agent', 'user', 'system', 'no_error'],
    sourceMatrix: [
      [31, 1, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [2, 0, 0, 66],
    ],
    sourceAgreeing: 97,
    severityAgreeing: 82,
    subtypePairs: 32,
    subtypeAgreeing: 27,
    severityPositiveAgreeing: 84,
  },
  /** The judge's flag against severity ≥ 1 of A and B, the pooled strict and lenient labels, and severity ≥ 2 of A. */
  judge: {
    A: { truePositives: 23, falsePositives: 10, falseNegatives: 5, trueNegatives: 62 },
    B: { truePositives: 25, falsePositives: 8, falseNegatives: 5, trueNegatives: 62 },
    strict: { truePositives: 21, falsePositives: 12, falseNegatives: 0, trueNegatives: 67 },
    lenient: { truePositives: 27, falsePositives: 6, falseNegatives: 10, trueNegatives: 57 },
    severity2A: { truePositives: 14, falsePositives: 19, falseNegatives: 3, trueNegatives: 64 },
  },
  /** Calls the judge flagged, and how many of them list each finding category. */
  categories: {
    population: 33,
    counts: {
      acronym_brand_name: 1,
      email_url_code: 5,
      extra_or_hallucinated_word: 4,
      mispronunciation: 11,
      missing_word: 9,
      number_date_currency: 1,
      punctuation_or_formatting: 3,
      word_substitution: 3,
    },
  },
  /** fidelity_validation_60/utterances.csv: judge (severity ≥ 2, any finding) against the final human label. */
  fidelity: {
    utterances: 60,
    calls: 31,
    withTranscript: 30,
    severity2: { truePositives: 12, falsePositives: 3, falseNegatives: 4, trueNegatives: 41 },
    anyFinding: { truePositives: 13, falsePositives: 4, falseNegatives: 3, trueNegatives: 40 },
  },
} as const;

/** τ-Voice experiment and clips: `node scripts/recount/tau2-voice.mjs`. */
export const TAU2_VOICE = {
  tickMs: 200,
  clips: { files: 8, sampleRates: [16000], channels: [1], bitsPerSample: [16] },
  /** In file-name order; the fixtures README lists the same tasks and tick counts. */
  simulations: [
    { id: '49b22f0c-4a56-41c5-922f-bc2a56e53a23', task: '40', ticks: 973 },
    { id: '7c6a3e3e-ac3f-406f-aea9-8cacb0a2e680', task: '98', ticks: 1810 },
    { id: 'cd9c5ed2-9751-4c86-8dac-8a895a332e41', task: '20', ticks: 1340 },
  ],
  /** The call of task 40: speech ticks, user backchannels, muffled user ticks, speech runs and some runs' [start, end). */
  task40: {
    durationMs: 352875,
    userSpeechTicks: 317,
    agentSpeechTicks: 542,
    userBackchannels: 1,
    userMuffledTicks: 51,
    userSpeechRuns: 11,
    agentSpeechRuns: 15,
    firstUserSpeechMs: [5200, 16400],
    lastUserSpeechMs: [194400, 194600],
    firstAgentSpeechMs: [17600, 20000],
  },
} as const;

/** VERA sample episodes and prompt audio: `node scripts/recount/vera.mjs`. */
export const VERA = {
  tracks: {
    vera_aime_0a923d23: 'mathematical_reasoning',
    vera_browsecomp_9c79d2a8: 'web',
    vera_gpqadiamond_fa834623: 'science',
    vera_mrcr_00c44580: 'long_context',
    vera_simpleqa_0a9d56e1: 'factual_recall',
  },
  /** Decrypted `metadata.expected_answer` of the short-answer tracks. */
  answers: { mathematical_reasoning: '117', web: 'Richard C. Larson', factual_recall: 'Johann N. Meyer' },
  audio: { files: 5, withEpisode: 5, sampleRates: [24000], channels: [1], bitsPerSample: [16] },
  contextDocuments: [{ track: 'long_context', source: 'mrcr_conversation_history', chars: 42539 }],
} as const;
