"""teach layer: scenarios of both games read by one loader (``scenario``; the shared part in
``base``, each game's in ``hive_scenario`` and ``rive_scenario``), puzzles, worksheets, and the
lesson helpers the notebooks call (``lessons``, ``rive_lessons``)."""
