// Opens the personalization survey for a signed-in user who has not answered it (spec 002 §4),
// once per session, on the app's pages (not on sign-in, setup, the embedded demo view or a wall); for one
// who answered it before this page load, asks once whether to offer the onboarding call.
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useStores } from '../stores/context.ts';
import { needsSurvey, offerOnboardingCall } from './flow.ts';

const NOT_HERE = /^\/(signin|signup|setup|forgot-password|change-password|workflows\/demo|wall)(\/|$)/;

export const PromptsHost = observer(function PromptsHost() {
  const root = useStores();
  const [location] = useLocation();
  const due = needsSurvey(root) && !root.prompts.surveyOffered && !NOT_HERE.test(location) && !root.modalOpen();
  useEffect(() => {
    if (!due) return;
    root.prompts.markSurveyOffered();
    root.ui.modals.open('personalization');
  }, [due, root]);
  const answers = root.users.currentUser?.personalizationAnswers;
  const askOnboarding = !!answers && !root.prompts.onboardingAsked && !NOT_HERE.test(location) && !root.modalOpen();
  useEffect(() => {
    if (askOnboarding && answers) void offerOnboardingCall(root, answers);
  }, [askOnboarding, answers, root]);
  return null;
});
