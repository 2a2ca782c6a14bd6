"""Task configurations from atomic tasks: a rule-based generator (``rulebased``), a checker that
runs a configuration in the engine and reports what is wrong with it (``verify``), and a
language-model generator refined by the checker's feedback (``llm``)."""
