// What the sign-in and account forms ask of the identity service, by name: the bundle keeps these
// and what they need rather than the whole SDK (phone numbers, second factors, reCAPTCHA stay out).
export {
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  GoogleAuthProvider,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
} from 'firebase/auth';
