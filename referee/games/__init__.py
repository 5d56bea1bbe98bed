"""The games referee keeps, one package each, and the helpers they share (:mod:`.base`, :mod:`.spec`,
:mod:`.fields`, :mod:`.cards`, :mod:`.counts`). Pure Python: the registry of the games is
:mod:`referee.registry`, so importing one game or helper loads nothing else."""
