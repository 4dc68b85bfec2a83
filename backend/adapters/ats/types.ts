/**
 * One interface for every applicant-tracking system the product connects to live. A provider is
 * built per use with the integration's decrypted credentials; it speaks the vendor's HTTP API with
 * the platform's fetch (http.ts), against a configurable base URL.
 */
import type { StageKey } from '../../../schema/rules/pipeline';

/** A person pushed as an application: only what the company may see of them (schema/rules/visibility.ts). */
export interface AtsPerson {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  headline?: string | null;
  summary?: string | null;
  /** The CV the company may download, when there is one. */
  cv?: { fileName: string; contentType: string; data: Buffer } | null;
}

export interface AtsJob {
  remoteId: string;
  title: string;
}

/** What verifying the credentials learnt: an account name to show, and non-secret settings to keep. */
export interface AtsAccount {
  account?: string;
  settings?: Record<string, unknown>;
}

/** Where an application was placed: the vendor's application id, its person's id, and whether that person was there before. */
export interface AtsPlacement {
  remoteId: string;
  candidateId: string;
  /** 'new': a person created; 'person': the application added to a person the ATS already held; 'application': the person already had it. */
  found: 'new' | 'person' | 'application';
  /** The person id given was no longer there (deleted, or merged into another): the person was found again, or made. */
  relinked?: boolean;
  /**
   * A create of this record went unanswered (AtsLostAnswer: the vendor may have kept it) and the look-up after it
   * found the record, which is linked: 'person' (found by email) or 'application' (found on the job).
   */
  settled?: 'person' | 'application';
  /** What became of the application the person already had on the job (found 'application'), when not a plain move. */
  moved?: AtsMoved;
}

/**
 * What a move did, when not simply a move: 'hired' the application is hired in the ATS and was left as it is (the
 * product never moves a hire back); 'reactivated' it was rejected (archived) there and was taken back first, then
 * moved; 'there' the ATS already had it where the product wanted (nothing sent).
 */
export type AtsMoved = 'hired' | 'reactivated' | 'there';

/** An application's stage or status as read from the ATS. */
export interface AtsStatus {
  /** What the ATS calls it ("Offer", "Rejected"); `reason` adds the rejection or archive reason. */
  label: string;
  reason?: string | null;
  /** The product stage it matches, when one does. */
  stage: StageKey | null;
  /** When the ATS says the application reached it, if it says. */
  since?: string | null;
  /** The person the ATS now files the application under, where it says (another id after a merge). */
  candidateId?: string | null;
}

export interface AtsProvider {
  /**
   * Checks the credentials with a cheap read; throws AtsError 'auth' when they are refused. Where the vendor
   * acts as one of its users (Lever's user, Workable's member), it acts only as the active one whose email is
   * `actingAs.email` (the person connecting), looked for on every page of the vendor's list: without one it
   * throws AtsNoActingUser, never acting as someone else.
   */
  verify(actingAs?: { email?: string | null }): Promise<AtsAccount>;
  /** The open jobs, every page. */
  openJobs(): Promise<AtsJob[]>;
  /**
   * Adds the person to the job at `stage`, finding before creating: by `candidateId` (the vendor's
   * id of the person, once linked) or else by email, an existing person gets the application, and
   * an application the person already has on the job is moved to `stage` instead of made again.
   * A `candidateId` the ATS no longer has (404: deleted or merged away) falls back to the email,
   * and the placement says `relinked`. A person it creates is told to `personCreated` (awaited) before the
   * application is asked for, so one whose application then fails is still known as made by the product.
   */
  placeApplication(
    jobId: string,
    person: AtsPerson,
    stage: StageKey,
    candidateId?: string | null,
    personCreated?: (candidateId: string) => Promise<void>,
  ): Promise<AtsPlacement>;
  /** The application's current stage or status; null when the ATS no longer has it. */
  readStatus(remoteId: string, jobId: string): Promise<AtsStatus | null>;
  /**
   * Moves an application to `stage`; 'rejected' rejects (disqualifies, archives) it, and a rejected one moved to another
   * stage is reactivated first, as the vendor does it; a hired one is never moved back. Answers what it did when not
   * simply a move (AtsMoved); an AtsError with status 404 when it is gone.
   */
  moveApplication(remoteId: string, stage: StageKey, jobId: string): Promise<AtsMoved | void>;
  /** When the ATS first had a person with this email, if it has one. */
  findByEmail(email: string): Promise<{ since: string } | null>;
  /**
   * Erases a person (the vendor's id of them) and their applications with the vendor's own public
   * call, for a candidate erased here; resolves too when the ATS no longer has them. Where the vendor
   * says whom an application is filed under (Ashby, Greenhouse), `applicationId` (the person's application
   * the product placed) is followed first: filed under another person now (merged into them in the ATS),
   * nothing is erased and that person is answered (`filedUnder`), a person the product did not make.
   * Absent where the vendor's public API has no such call (Lever, Workable): their records are listed
   * for the company to erase in the ATS itself.
   */
  erasePerson?(candidateId: string, applicationId?: string): Promise<AtsErasure | void>;
  /**
   * The person an application is filed under now (another after a merge in the ATS), null once it is gone; given by a
   * vendor without an erase call that says it (Lever), so an erasure lists the record under the person holding it.
   */
  personOf?(applicationId: string): Promise<string | null>;
}

/** An erasure not made: the application is filed under another person now (a merge's survivor), named here. */
export interface AtsErasure {
  filedUnder: string;
}

export type AtsErrorCode = 'auth' | 'rateLimited' | 'unavailable' | 'rejected';

/**
 * A call the vendor refused or could not answer; `message` never holds a credential. `retryAt` is
 * set when the vendor asked to wait (Retry-After) longer than a run waits: no call to it before then.
 */
export class AtsError extends Error {
  constructor(
    public readonly code: AtsErrorCode,
    message: string,
    public readonly status?: number,
    public readonly retryAt?: Date,
  ) {
    super(message);
    this.name = 'AtsError';
  }
}

/**
 * A create whose outcome is unknown: sent, then no answer (a time-out, a dropped connection) or a 5xx, so the
 * vendor may have kept the record. It is never sent again blind: the record is looked up first (lost.ts).
 */
export class AtsLostAnswer extends AtsError {
  constructor(
    message: string,
    status?: number,
    /** What the vendor answered (a 5xx and its reason); none when no answer came. */
    public readonly said?: string,
  ) {
    super('unavailable', message, status);
    this.name = 'AtsLostAnswer';
  }
}

/** Verifying found no active user of the vendor's account with the connecting person's email to act as. */
export class AtsNoActingUser extends AtsError {
  constructor(
    vendor: string,
    public readonly email: string,
  ) {
    super('rejected', `${vendor} has no active member with the email ${email || '(none)'}`);
    this.name = 'AtsNoActingUser';
  }
}

/** Whether an error says the record asked for is not in the ATS (any more): HTTP 404, or the vendor's not-found refusal. */
export const isGone = (err: unknown): boolean => err instanceof AtsError && err.status === 404;

/** Receives credentials a provider renewed (OAuth tokens), to be stored encrypted. */
export type CredentialsSaver = (credentials: Record<string, unknown>) => Promise<void>;
