/** The words of the product's own links in the HTML part of its emails (services/mail/templates.ts), where the text part writes the URL. */
export const mailLinks = {
  signIn: 'Sign in to {product}',
  signInPage: 'the {product} sign-in page',
  finishJoining: 'Confirm and finish joining',
  confirmEmail: 'Confirm my new address',
  reviewCompany: 'Review the company',
  setUpAccount: 'Set up my account',
  whatNext: 'what happens next',
  profilePage: 'your profile page',
  openProject: 'Open the project',
  projectPage: "the project's page",
  seeNew: 'See the new candidates',
  unsubscribe: 'Unsubscribe',
  download: 'Download your data',
};
